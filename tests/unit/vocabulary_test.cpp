// The vocabularies (rigplan/vocabulary.hpp): each word parses to its value and back, an unknown
// word parses to nothing, and the request-key table lists exactly the vocabulary's words, so a
// word added to an enum's table reaches the requests, --help and the schemas with no other edit.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rigplan/plan_words.hpp"
#include "rigplan/request_keys.hpp"
#include "rigplan/workload_words.hpp"

using namespace rigplan;

namespace {

template <class E>
void check_round_trip() {
  for (const auto& row : Vocabulary<E>::words) {
    INFO(row.word);
    CHECK(word_of(row.value) == row.word);
    REQUIRE(parse_word<E>(row.word));
    CHECK(*parse_word<E>(row.word) == row.value);
    CHECK(checked_word<E>(row.word) == row.value);
  }
  CHECK_FALSE(parse_word<E>("no-such-word"));
  CHECK_FALSE(parse_word<E>(""));
  CHECK_THROWS_AS(checked_word<E>("no-such-word"), std::logic_error);
}

std::vector<std::string_view> with_auto(std::vector<std::string_view> words) {
  words.push_back(kPlannerChooses);
  return words;
}

}  // namespace

TEST_CASE("every vocabulary word parses to its value and back; others parse to nothing") {
  check_round_trip<Mode>();
  check_round_trip<Optimizer>();
  check_round_trip<LoraBase>();
  check_round_trip<Offload>();
  check_round_trip<Recompute>();
  check_round_trip<Attention>();
  check_round_trip<Framework>();
  check_round_trip<Accounting>();
  check_round_trip<Objective>();
  check_round_trip<NvlinkPolicy>();
  check_round_trip<ChassisForm>();
  check_round_trip<PlanMarket>();
}

TEST_CASE("the request keys list the vocabularies' words") {
  CHECK(request_key(kSizeRequest, "mode").words == words_of<Mode>());
  CHECK(request_key(kSizeRequest, "optimizer").words == words_of<Optimizer>());
  CHECK(request_key(kSizeRequest, "lora_base").words == words_of<LoraBase>());
  CHECK(request_key(kSizeRequest, "offload").words == words_of<Offload>());
  CHECK(request_key(kSizeRequest, "recompute").words == words_of<Recompute>());
  CHECK(request_key(kSizeRequest, "attention").words == words_of<Attention>());
  CHECK(request_key(kSizeRequest, "framework").words == words_of<Framework>());
  std::vector<std::string_view> accounting = {kFrameworkAccounting};
  for (auto w : words_of<Accounting>()) accounting.push_back(w);
  CHECK(request_key(kSizeRequest, "accounting").words == accounting);
  CHECK(request_key(kPlanRequest, "objective").words == words_of<Objective>());
  CHECK(request_key(kPlanRequest, "nvlink").words == words_of<NvlinkPolicy>());
  CHECK(request_key(kPlanRequest, "form").words == words_of<ChassisForm>());
  CHECK(request_key(kPlanRequest, "market").words == words_of<PlanMarket>());
  // A plan's workload leaves the savers to the planner with "auto"; it sizes host RAM, not drives,
  // and walks the recomputations the sizing model tells apart (not torchtitan's per-op one).
  CHECK(request_key(kPlanWorkload, "lora_base").words == with_auto(words_of<LoraBase>()));
  CHECK(request_key(kPlanWorkload, "recompute").words ==
        std::vector<std::string_view>{"none", "selective", "full", "auto"});
  CHECK(request_key(kPlanWorkload, "offload").words ==
        std::vector<std::string_view>{"none", "optimizer", "params", "auto"});
  CHECK(request_key(kClusterRequest, "mode").words == std::vector<std::string_view>{"train", "lora"});
}

TEST_CASE("a word key's default is one of its vocabulary's words") {
  CHECK(request_key(kSizeRequest, "mode").def == "train");
  CHECK(request_key(kSizeRequest, "framework").def == std::string(word_of(kDefaultFramework)));
  CHECK(request_key(kPlanRequest, "objective").def == "perf-per-dollar");
  CHECK(request_key(kPlanWorkload, "offload").def == "auto");
}
