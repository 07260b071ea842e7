// Escaping text for the CI output formats that check and inspect share: GitHub workflow
// annotations (message and property escapes) and JUnit XML (attribute- and element-safe text).
#pragma once

#include <string>

namespace rigplan {

std::string gh_escape(std::string s);        // an annotation's message: %, CR, LF escaped
std::string gh_prop(std::string s);          // an annotation property: also ':' and ','
std::string xml(const std::string& s);       // XML 1.0 text; what XML forbids becomes U+FFFD

}  // namespace rigplan
