// A vocabulary: the words an input may give for one choice (an optimizer, an offload target, a
// ranking objective), declared once as a table of (enum value, word) in enum order. The request
// parsers turn the word into the enum at the input boundary, the code below them compares enums,
// and the request-key table, --help and the "is not one of" messages list the words from the same
// table, so a word is written in one place. Each vocabulary specialises Vocabulary<E> next to its
// enum (rigplan/workload_words.hpp, rigplan/plan_words.hpp) and checks its order at compile time.
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rigplan {

template <class E>
struct VocabularyWord {
  E value;
  std::string_view word;
};

// Specialised per enum with `static constexpr VocabularyWord<E> words[] = {...};` in enum order.
template <class E>
struct Vocabulary;

// True when the table lists every value once, in enum order (so a value's row is words[int(e)]).
template <class E>
constexpr bool vocabulary_in_enum_order() {
  const auto& t = Vocabulary<E>::words;
  for (std::size_t i = 0; i < std::size(t); ++i)
    if (static_cast<std::size_t>(t[i].value) != i) return false;
  return true;
}

// The word of a value ("params" for Offload::Params).
template <class E>
constexpr std::string_view word_of(E e) {
  return Vocabulary<E>::words[static_cast<std::size_t>(e)].word;
}

// The value a word names; nullopt when it names none (the caller reports it as bad input).
template <class E>
constexpr std::optional<E> parse_word(std::string_view w) {
  for (const auto& row : Vocabulary<E>::words)
    if (row.word == w) return row.value;
  return std::nullopt;
}

// The value of a word the input boundary has already checked against the table's words (the
// request-key table lists them from here); a word the table lacks is a programming error.
template <class E>
E checked_word(std::string_view w) {
  if (auto v = parse_word<E>(w)) return *v;
  throw std::logic_error("a word its vocabulary does not list: " + std::string(w));
}

// The words in table order, for the request-key table, --help and messages.
template <class E>
std::vector<std::string_view> words_of() {
  std::vector<std::string_view> out;
  for (const auto& row : Vocabulary<E>::words) out.push_back(row.word);
  return out;
}

}  // namespace rigplan
