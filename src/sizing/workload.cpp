// The workload's derived lengths (include/rigplan/workload.hpp): the training sequence, the
// inference context capped at the model's trained limit, and the prompt within that context.
#include <algorithm>

#include "rigplan/framework.hpp"
#include "rigplan/workload.hpp"

namespace rigplan {

int Workload::sequence() const {
  if (seq > 0) return seq;
  return model.max_context > 0 && model.max_context < 2048 ? model.max_context : 2048;
}

// A context past the model's trained limit is capped there: the model cannot attend further.
int Workload::inference_context() const {
  if (context <= 0) return model.max_context;
  return model.max_context > 0 ? std::min(context, model.max_context) : context;
}

Accounting Workload::memory_accounting() const {
  return accounting ? *accounting : framework_spec(framework).accounting;
}

int Workload::prompt_tokens() const {
  int ctx = inference_context();
  int p = prompt > 0 ? prompt : kDefaultPromptTokens;
  return ctx > 0 ? std::min(p, ctx) : p;
}

}  // namespace rigplan
