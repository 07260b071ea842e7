// Renting the same capacity as a machine you would own: which cloud offers `rigplan tco`
// compares owning with. The same GPU where an offer has it; otherwise the offers whose GPU runs
// the same work at least as fast: the performance model's predicted tokens/s on its reference
// workload (include/rigplan/perf.hpp: GPT-2 XL training, one GPU) at least the owned card's,
// and memory per GPU at least the owned card's.
#pragma once

#include <string>
#include <vector>

#include "rigplan/catalog.hpp"
#include "rigplan/tco.hpp"

namespace rigplan {

struct RentalMatch {
  bool as_fast = false;
  std::string basis;  // "nvidia-a10: 2917 ≥ 2601 tokens/s predicted on the reference workload, 24 ≥ 24 GiB"
};

// Whether renting a card of `offered` runs what `owned` runs at least as fast.
RentalMatch rental_match(const Gpu& owned, const Gpu& offered);

struct RentalOffers {
  std::vector<CloudPrice> offers;  // per owned GPU-hour: one rented GPU stands for one owned GPU
  bool same_gpu = true;            // false: no offer has the GPU (these are as fast by rental_match),
                                   // or the one offer named has another GPU (its basis compares them)
  std::string basis;               // how "as fast" was judged, for output ("" when same_gpu)
};

// The offers to compare owning `gpus` cards of `owned` with (`only` non-empty: just that offer,
// whatever its GPU). Instances come whole: renting n GPUs on k-GPU instances takes ceil(n/k) of
// them, so an offer's price per GPU-hour is ceil(n/k) × its hourly rate / n.
RentalOffers rental_offers(const Catalog& c, const Gpu& owned, int gpus = 1, const std::string& only = "");

}  // namespace rigplan
