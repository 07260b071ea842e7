// Text from the outside world (a saved report, /proc/cpuinfo, a directory name, a part name) may
// hold any bytes. Two places must never see them raw: a JSON document (nlohmann's dump throws on
// bytes that are not UTF-8, which aborted `inspect --emit`) and a terminal (ESC and BEL bytes
// move the cursor, retitle the window or ring). These helpers make such text safe at those edges:
// invalid sequences become U+FFFD (as the Unicode standard's "maximal subpart" practice and every
// browser do), and JSON is always dumped with the same replacement.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace rigplan {

// Length (1-4) of the valid UTF-8 sequence starting at `s[i]`, or 0 when the byte there does not
// start one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, or cut short).
std::size_t utf8_sequence_at(std::string_view s, std::size_t i);

// `s` with every byte that is not part of a valid UTF-8 sequence replaced by U+FFFD.
std::string valid_utf8(std::string_view s);

// The longest prefix of `s` of at most `max_bytes` bytes that does not end inside a UTF-8
// sequence.
std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes);

// The one way rigplan writes JSON text: bytes that are not UTF-8 become U+FFFD instead of an
// exception (nlohmann::json::type_error 316), whatever string reached the document.
template <class Json>
std::string dump_json(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace rigplan
