// The held-out set: every list of published runs that no constant was fitted on (heldout_test.cpp
// holds them to their regression bounds; accuracy_table_test.cpp sums them up for `size`).
#pragma once

#include <vector>

#include "validation/heldout_eighth_set_inference.hpp"
#include "validation/heldout_eleventh_set_inference.hpp"
#include "validation/heldout_fifteenth_set_training.hpp"
#include "validation/heldout_fourteenth_set_inference.hpp"
#include "validation/heldout_fourth_set_inference.hpp"
#include "validation/heldout_ninth_set_inference.hpp"
#include "validation/heldout_second_set.hpp"
#include "validation/heldout_seventeenth_set_training.hpp"
#include "validation/heldout_seventh_set_training.hpp"
#include "validation/heldout_sixteenth_set_training.hpp"
#include "validation/heldout_sixth_set_inference.hpp"
#include "validation/heldout_tenth_set_inference.hpp"
#include "validation/heldout_third_set_inference.hpp"
#include "validation/heldout_third_set_training.hpp"
#include "validation/heldout_thirteenth_set_training.hpp"
#include "validation/heldout_twelfth_set_inference.hpp"
#include "validation/heldout_workstation_training.hpp"

namespace rigplan::validation {

inline std::vector<const std::vector<Case>*> heldout_sets() {
  return {&heldout_training(),         &heldout_second_training(), &heldout_third_training(),
          &heldout_inference(),        &heldout_second_inference(), &heldout_third_inference(),
          &heldout_fourth_inference(), &heldout_sixth_inference(),
          &heldout_workstation_training(), &heldout_seventh_training(), &heldout_eighth_inference(),
          &heldout_ninth_inference(),      &heldout_tenth_inference(), &heldout_eleventh_inference(),
          &heldout_twelfth_inference(),    &heldout_thirteenth_training(), &heldout_fourteenth_inference(),
          &heldout_fifteenth_training(), &heldout_sixteenth_training(), &heldout_seventeenth_training()};
}

// Their names, in heldout_sets()' order (the hidden "[.heldout-sets]" table sums each up).
inline std::vector<const char*> heldout_set_names() {
  return {"first, training (heldout_training.hpp)",       "second, training (heldout_second_set.hpp)",
          "third, training (heldout_third_set_training.hpp)", "first, inference (heldout_inference.hpp)",
          "second, inference (heldout_second_set.hpp)",   "third, inference (heldout_third_set_inference.hpp)",
          "fourth (heldout_fourth_set_inference.hpp)",
          "sixth (heldout_sixth_set_inference.hpp)",      "workstation training (heldout_workstation_training.hpp)",
          "seventh (heldout_seventh_set_training.hpp)",   "eighth (heldout_eighth_set_inference.hpp)",
          "ninth (heldout_ninth_set_inference.hpp)",      "tenth (heldout_tenth_set_inference.hpp)",
          "eleventh (heldout_eleventh_set_inference.hpp)",
          "twelfth (heldout_twelfth_set_inference.hpp)",
          "thirteenth, training (heldout_thirteenth_set_training.hpp)",
          "fourteenth (heldout_fourteenth_set_inference.hpp)",
          "fifteenth, training (heldout_fifteenth_set_training.hpp)",
          "sixteenth, training (heldout_sixteenth_set_training.hpp)",
          "seventeenth, training (heldout_seventeenth_set_training.hpp)"};
}

}  // namespace rigplan::validation
