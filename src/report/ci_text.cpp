// Escaping for the CI formats (see ci_text.hpp), shared by check and inspect.
#include "report/ci_text.hpp"

#include <cstdint>

namespace rigplan {

std::string gh_escape(std::string s) {
  std::string out;
  for (char ch : s) {
    if (ch == '%') out += "%25";
    else if (ch == '\n') out += "%0A";
    else if (ch == '\r') out += "%0D";
    else out += ch;
  }
  return out;
}
std::string gh_prop(std::string s) {
  std::string out;
  for (char ch : gh_escape(std::move(s))) {
    if (ch == ':') out += "%3A";
    else if (ch == ',') out += "%2C";
    else out += ch;
  }
  return out;
}
// Text for an XML 1.0 attribute or element: markup escaped, line breaks and tabs as character
// references (an attribute would fold them to spaces), and what XML 1.0 forbids outright — other
// control characters, U+FFFE, U+FFFF, bytes that are not UTF-8 — replaced by U+FFFD.
std::string xml(const std::string& s) {
  static const std::string kReplacement = "\xEF\xBF\xBD";
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\t': out += "&#9;"; break;
        case '\n': out += "&#10;"; break;
        case '\r': out += "&#13;"; break;
        default: out += c < 0x20 || c == 0x7f ? kReplacement : std::string(1, static_cast<char>(c));
      }
      ++i;
      continue;
    }
    std::size_t n = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    std::uint32_t cp = n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    bool ok = n > 0 && i + n <= s.size();
    for (std::size_t k = 1; ok && k < n; ++k) {
      auto cc = static_cast<unsigned char>(s[i + k]);
      ok = (cc >> 6) == 0x2;
      cp = cp << 6 | (cc & 0x3f);
    }
    bool formed = ok;  // a whole sequence, if perhaps of a character XML refuses
    ok = ok && !(n == 2 && cp < 0x80) && !(n == 3 && cp < 0x800) && !(n == 4 && (cp < 0x10000 || cp > 0x10ffff)) &&
         !(cp >= 0xd800 && cp <= 0xdfff) && cp != 0xfffe && cp != 0xffff && !(cp >= 0x80 && cp <= 0x9f);
    if (ok) out.append(s, i, n);
    else out += kReplacement;
    i += formed ? n : 1;
  }
  return out;
}

}  // namespace rigplan
