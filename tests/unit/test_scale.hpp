// How much of a randomized or exhaustive property test runs in this build. The release suite runs
// all of it; a build under AddressSanitizer and UndefinedBehaviorSanitizer (CI's second pass, whose
// exhaustive plan searches run about eight times slower) runs a share of it: enough to take every
// code path of those tests under the sanitizers, without repeating the release suite's coverage,
// which CI runs in full on the same commit. RIGPLAN_SANITIZED comes from CMakeLists.txt.
#pragma once

#include <cstddef>

namespace rigplan::test_scale {

#ifdef RIGPLAN_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// Under the sanitizers a randomized test draws a fifth of its cases (at least one).
inline constexpr int kSanitizedShare = 5;

inline constexpr int iterations(int n) { return kSanitized ? (n + kSanitizedShare - 1) / kSanitizedShare : n; }

// The first `keep` of a list of cases under the sanitizers, all of them otherwise.
template <class List>
void keep_first_when_sanitized(List& cases, std::size_t keep) {
  if (kSanitized && cases.size() > keep) cases.resize(keep);
}

}  // namespace rigplan::test_scale
