// A small, bounded XML reader for nvidia-smi's `-q -x` report: elements, text, attributes (kept),
// comments, the XML declaration and a DOCTYPE (skipped), the five predefined entities and numeric
// character references. No namespaces, no DTD processing, no external anything. It refuses
// rather than guesses: a truncated document, a close tag that does not match, text outside the
// root, a character XML 1.0 does not allow (a NUL byte or another control character other than
// tab, line feed and carriage return, raw or as a reference) or a document past the limits is an
// InputError naming file:line:col. Limits keep hostile
// input cheap (depth, element count, input size), so it is safe to fuzz.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rigplan::inspect {

struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // the element's own character data, concatenated and trimmed
  std::vector<std::unique_ptr<XmlElement>> children;
  int line = 0, column = 0;

  // First child named `name`, or null.
  const XmlElement* child(std::string_view name) const;
  // Text of the descendant at a '/'-separated path ("pci/pci_gpu_link_info/pcie_gen/max_link_gen"),
  // or nullptr when any step is missing.
  const std::string* text_at(std::string_view path) const;
};

inline constexpr int kXmlMaxDepth = 64;
inline constexpr std::size_t kXmlMaxElements = 500000;
inline constexpr std::size_t kXmlMaxBytes = 64u << 20;  // 64 MiB: a 16-GPU report is about 1 MiB
inline constexpr std::size_t kXmlMaxText = 64u << 10;   // one element's text or attribute value
inline constexpr std::size_t kXmlMaxAttributes = 64;    // attributes of one element

// Parses `text` (throws InputError naming `file`). Returns the root element.
std::unique_ptr<XmlElement> parse_xml(std::string_view text, const std::string& file);

}  // namespace rigplan::inspect
