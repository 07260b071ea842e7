// The bounded XML reader (see xml_reader.hpp). A single forward pass with an explicit stack of
// open elements, so depth is bounded by kXmlMaxDepth and never by the C++ call stack.
#include "inspect/xml_reader.hpp"

#include <fmt/format.h>

#include "rigplan/error.hpp"

namespace rigplan::inspect {

const XmlElement* XmlElement::child(std::string_view n) const {
  for (const auto& c : children)
    if (c->name == n) return c.get();
  return nullptr;
}

const std::string* XmlElement::text_at(std::string_view path) const {
  const XmlElement* e = this;
  while (!path.empty()) {
    auto slash = path.find('/');
    e = e->child(path.substr(0, slash));
    if (!e) return nullptr;
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
  }
  return &e->text;
}

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == ':';
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return s.substr(b, e - b);
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

class Reader {
 public:
  Reader(std::string_view t, const std::string& f) : s_(t), file_(f) {}

  std::unique_ptr<XmlElement> run() {
    if (s_.size() > kXmlMaxBytes) fail(fmt::format("the document is larger than {} MiB", kXmlMaxBytes >> 20));
    refuse_control_characters();
    std::unique_ptr<XmlElement> root;
    std::vector<XmlElement*> open;
    std::vector<std::string> text_parts;
    while (pos_ < s_.size()) {
      if (s_[pos_] != '<') {
        std::size_t start = pos_;
        int l = line_, c = col_;
        std::string text = read_text();
        if (open.empty()) {
          if (!trim(text).empty()) fail_at(l, c, "text outside the root element");
          (void)start;
          continue;
        }
        open.back()->text += text;
        // Whitespace between child elements is no text: dropped, so indentation around 400,000
        // children does not count against the element's text limit.
        if (open.back()->text.find_first_not_of(" \t\r\n") == std::string::npos) open.back()->text.clear();
        if (open.back()->text.size() > kXmlMaxText)
          fail_at(l, c, fmt::format("the text of <{}> is longer than {} KiB", open.back()->name, kXmlMaxText >> 10));
        continue;
      }
      if (starts_with("<?")) { skip_past("?>", "processing instruction"); continue; }
      if (starts_with("<!--")) { skip_past("-->", "comment"); continue; }
      if (starts_with("<![CDATA[")) {
        int l = line_, c = col_;
        advance(9);
        std::size_t end = s_.find("]]>", pos_);
        if (end == std::string_view::npos) fail_at(l, c, "unterminated CDATA section");
        if (open.empty()) fail_at(l, c, "CDATA outside the root element");
        open.back()->text += std::string(s_.substr(pos_, end - pos_));
        if (open.back()->text.size() > kXmlMaxText)
          fail_at(l, c, fmt::format("the text of <{}> is longer than {} KiB", open.back()->name, kXmlMaxText >> 10));
        advance(end - pos_ + 3);
        continue;
      }
      if (starts_with("<!")) { skip_doctype(); continue; }
      if (starts_with("</")) {
        int l = line_, c = col_;
        advance(2);
        std::string name = read_name();
        skip_space();
        expect('>');
        if (open.empty()) fail_at(l, c, fmt::format("closing tag </{}> with no element open", name));
        if (open.back()->name != name)
          fail_at(l, c, fmt::format("closing tag </{}> does not match <{}> opened at line {}", name, open.back()->name,
                                    open.back()->line));
        open.back()->text = trim(open.back()->text);
        open.pop_back();
        continue;
      }
      // An opening tag.
      int l = line_, c = col_;
      advance(1);
      auto el = std::make_unique<XmlElement>();
      el->line = l;
      el->column = c;
      el->name = read_name();
      if (++elements_ > kXmlMaxElements) fail_at(l, c, fmt::format("more than {} elements", kXmlMaxElements));
      bool self_closing = read_attributes(*el);
      XmlElement* raw = el.get();
      if (open.empty()) {
        if (root) fail_at(l, c, fmt::format("a second root element <{}>", el->name));
        root = std::move(el);
      } else {
        open.back()->children.push_back(std::move(el));
      }
      if (!self_closing) {
        if (static_cast<int>(open.size()) >= kXmlMaxDepth)
          fail_at(l, c, fmt::format("elements nested deeper than {}", kXmlMaxDepth));
        open.push_back(raw);
      }
    }
    if (!open.empty())
      fail(fmt::format("the document ends inside <{}> opened at line {} (truncated?)", open.back()->name,
                       open.back()->line));
    if (!root) fail("no root element (an empty or non-XML file)");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& why) { fail_at(line_, col_, why); }
  // XML 1.0 section 2.2 (Char): of the C0 controls only tab, line feed and carriage return.
  void refuse_control_characters() {
    int l = 1, c = 1;
    for (char ch : s_) {
      auto u = static_cast<unsigned char>(ch);
      if (u < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')
        fail_at(l, c, fmt::format("a control character ({}) that XML does not allow{}", printable(ch),
                                  ch == '\0' ? ": this is not an nvidia-smi report" : ""));
      if (ch == '\n') { ++l; c = 1; } else { ++c; }
    }
  }
  [[noreturn]] void fail_at(int l, int c, const std::string& why) {
    throw InputError(InputIssue{file_, "", l, c, why});
  }
  bool starts_with(std::string_view p) const { return s_.substr(pos_, p.size()) == p; }
  void advance(std::size_t n) {
    for (std::size_t i = 0; i < n && pos_ < s_.size(); ++i, ++pos_) {
      if (s_[pos_] == '\n') { ++line_; col_ = 1; } else { ++col_; }
    }
  }
  void skip_space() { while (pos_ < s_.size() && is_space(s_[pos_])) advance(1); }
  void expect(char ch) {
    if (pos_ >= s_.size()) fail(fmt::format("the document ends where '{}' was expected (truncated?)", ch));
    if (s_[pos_] != ch) fail(fmt::format("expected '{}', found '{}'", ch, printable(s_[pos_])));
    advance(1);
  }
  static std::string printable(char ch) {
    unsigned char u = static_cast<unsigned char>(ch);
    return (u >= 0x20 && u < 0x7f) ? std::string(1, ch) : fmt::format("\\x{:02x}", u);
  }
  void skip_past(std::string_view end, const char* what) {
    int l = line_, c = col_;
    std::size_t e = s_.find(end, pos_);
    if (e == std::string_view::npos) fail_at(l, c, fmt::format("unterminated {}", what));
    advance(e - pos_ + end.size());
  }
  void skip_doctype() {  // <!DOCTYPE ...> possibly with an internal subset [ ... ]
    int l = line_, c = col_;
    int bracket = 0;
    while (pos_ < s_.size()) {
      char ch = s_[pos_];
      advance(1);
      if (ch == '[') ++bracket;
      else if (ch == ']') --bracket;
      else if (ch == '>' && bracket <= 0) return;
    }
    fail_at(l, c, "unterminated <!DOCTYPE>");
  }
  std::string read_name() {
    std::size_t start = pos_;
    while (pos_ < s_.size() && is_name_char(s_[pos_])) advance(1);
    if (pos_ == start) {
      if (pos_ >= s_.size()) fail("the document ends inside a tag (truncated?)");
      fail(fmt::format("expected an element name, found '{}'", printable(s_[pos_])));
    }
    return std::string(s_.substr(start, pos_ - start));
  }
  // Reads attributes up to '>' or '/>'; returns true for a self-closing tag.
  bool read_attributes(XmlElement& el) {
    for (;;) {
      skip_space();
      if (pos_ >= s_.size()) fail(fmt::format("the document ends inside <{}> (truncated?)", el.name));
      if (s_[pos_] == '>') { advance(1); return false; }
      if (starts_with("/>")) { advance(2); return true; }
      std::string name = read_name();
      skip_space();
      expect('=');
      skip_space();
      if (pos_ >= s_.size()) fail("the document ends inside an attribute (truncated?)");
      char q = s_[pos_];
      if (q != '"' && q != '\'') fail(fmt::format("attribute {} needs a quoted value", name));
      advance(1);
      std::size_t end = s_.find(q, pos_);
      if (end == std::string_view::npos) fail(fmt::format("unterminated value of attribute {}", name));
      std::string raw(s_.substr(pos_, end - pos_));
      int l = line_, c = col_;
      if (raw.size() > kXmlMaxText) fail(fmt::format("the value of attribute {} is longer than {} KiB", name, kXmlMaxText >> 10));
      if (el.attributes.size() >= kXmlMaxAttributes) fail(fmt::format("more than {} attributes on <{}>", kXmlMaxAttributes, el.name));
      el.attributes[name] = decode(raw, l, c);
      advance(end - pos_ + 1);
    }
  }
  std::string read_text() {
    int l = line_, c = col_;
    std::size_t end = s_.find('<', pos_);
    if (end == std::string_view::npos) end = s_.size();
    std::string raw(s_.substr(pos_, end - pos_));
    advance(end - pos_);
    return decode(raw, l, c);
  }
  std::string decode(const std::string& raw, int l, int c) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') { out += raw[i]; continue; }
      std::size_t semi = raw.find(';', i);
      if (semi == std::string::npos || semi - i > 12) fail_at(l, c, "an '&' that starts no entity (write &amp;)");
      std::string ent = raw.substr(i + 1, semi - i - 1);
      if (ent == "amp") out += '&';
      else if (ent == "lt") out += '<';
      else if (ent == "gt") out += '>';
      else if (ent == "quot") out += '"';
      else if (ent == "apos") out += '\'';
      else if (ent.size() > 1 && ent[0] == '#') {
        bool hex = ent[1] == 'x' || ent[1] == 'X';
        std::string digits = ent.substr(hex ? 2 : 1);
        if (digits.empty() || digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string::npos)
          fail_at(l, c, fmt::format("bad character reference &{};", ent));
        unsigned long cp = digits.size() > 8 ? 0 : std::stoul(digits, nullptr, hex ? 16 : 10);
        if (digits.size() > 8 || cp > 0x10FFFF || (cp < 0x20 && cp != 0x9 && cp != 0xA && cp != 0xD) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
          fail_at(l, c, fmt::format("character reference &{}; is not a character", ent));
        append_utf8(out, cp);
      } else {
        fail_at(l, c, fmt::format("unknown entity &{};", ent));
      }
      i = semi;
    }
    return out;
  }

  std::string_view s_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int line_ = 1, col_ = 1;
  std::size_t elements_ = 0;
};

}  // namespace

std::unique_ptr<XmlElement> parse_xml(std::string_view text, const std::string& file) {
  return Reader(text, file).run();
}

}  // namespace rigplan::inspect
