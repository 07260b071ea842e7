// The data files shipped in the binary (catalog, schemas, workload presets) speak of their subject
// only: a part's texts say what is known about it, with sources and dates, and a missing price says
// in one sentence why (issue 32, item 6). They never log how a value was looked for: which copies
// of which pages were read, on which day, by which round of work. This test walks every string of
// every embedded data file and refuses the words of such logs, so a new one fails the build's tests.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "util/embedded.hpp"

namespace {

// Words and phrases that only a log of the research itself uses. Each names how a figure was
// looked for (the search tools, their stored copies of pages, the sessions and helpers that ran
// them), not what the part is or which source states it. Matched whole-word and case-insensitive,
// outside URLs (a host such as liquisearch.com is a source, not a log). Keep the list here, in one
// place; say in its comment why a new entry is process wording and not subject matter.
const std::vector<std::string> kProcessWords = {
    "session", "sessions",            // "searched again in session 8"
    "helper", "helpers",              // who did the work
    "round of work",                  //
    "corpus", "corpora",              // the search tool's stored material
    "stored copy", "stored copies",   // "the stored copy was truncated"
    "stored page", "stored pages",    //
    "stored web", "stored corpus",    //
    "search index", "searched",       // "searched 2026-11-23 in the stored web pages"
    "looked up", "looked for",        //
    "fetched", "fetchable",           // "the page was not fetched"
    "this pass",                      // "not confirmed in this pass"
    "web access", "live web",         // "a lead for a session with web access"
    "read here", "not readable",      // "ark could not be read here"
    "could not be read", "not re-read",
    "recalled from", "as recalled",   // "recalled from the maker's page, not re-read"
    "not found in the pages read",    //
    "this project can read",          //
    "find_string", "file id",         // the search tool's verbs and identifiers
};

// The process words in `text`, URLs left out.
std::vector<std::string> process_words_in(const std::string& text) {
  static const std::regex url(R"(https?://\S+)");
  static const std::regex words = [] {
    std::string alternation;
    for (const auto& w : kProcessWords) {
      if (!alternation.empty()) alternation += '|';
      alternation += std::regex_replace(w, std::regex(R"([.^$|()\[\]{}*+?\\-])"), R"(\$&)");
    }
    return std::regex("\\b(" + alternation + ")\\b", std::regex::icase);
  }();
  const std::string plain = std::regex_replace(text, url, " ");
  std::vector<std::string> found;
  for (auto it = std::sregex_iterator(plain.begin(), plain.end(), words); it != std::sregex_iterator(); ++it)
    found.push_back(it->str());
  return found;
}

// Every string value under `j`, with its JSON pointer.
void collect_strings(const nlohmann::json& j, const std::string& pointer,
                     std::vector<std::pair<std::string, std::string>>& out) {
  if (j.is_string()) {
    out.emplace_back(pointer, j.get<std::string>());
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) collect_strings(it.value(), pointer + "/" + it.key(), out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) collect_strings(j[i], pointer + "/" + std::to_string(i), out);
  }
}

}  // namespace

TEST_CASE("the process-word check catches a log of a search and lets subject matter through", "[product-text]") {
  CHECK_FALSE(process_words_in("no price: searched 2026-11-23 in the stored web pages this project can read").empty());
  CHECK_FALSE(process_words_in("Session 8 (2026-11-23) searched again").empty());
  CHECK_FALSE(process_words_in("RECALLED from the maker's spec page, not re-read").empty());
  CHECK_FALSE(process_words_in("ark itself could not be read here").empty());
  CHECK(process_words_in("sold by quote through OEMs; no public price found as of 2026-11-23").empty());
  CHECK(process_words_in("max TDP 350 W per H100 PCIe product brief PB-11133").empty());
  CHECK(process_words_in("source http://www.liquisearch.com/housing_in_japan/utilities/electricity").empty());
  CHECK(process_words_in("The stored energy of the capacitors").empty());
}

TEST_CASE("no shipped data file logs how a value was looked for", "[product-text]") {
  std::size_t files = 0, strings = 0;
  for (const auto& f : rigplan::embedded::files()) {
    const std::string path(f.path);
    if (path.size() < 5 || path.substr(path.size() - 5) != ".json") continue;
    ++files;
    std::vector<std::pair<std::string, std::string>> all;
    collect_strings(nlohmann::json::parse(f.content), "", all);
    for (const auto& [pointer, text] : all) {
      ++strings;
      const auto found = process_words_in(text);
      if (!found.empty()) {
        INFO(path << " " << pointer << ": '" << found.front() << "' in: " << text.substr(0, 300));
        CHECK(found.empty());
      }
    }
  }
  CHECK(files >= 40);      // the catalog files, schemas and presets were all walked
  CHECK(strings > 5000);
}
