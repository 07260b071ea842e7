// The compiled path for `size` sweeps (see src/sweep/compiled.hpp): axes are top-level request
// keys read with read_size_value, points resolve from typed slots, and only the searches the
// metrics name are run.
#include "rigplan/error.hpp"
#include "rigplan/size_output.hpp"
#include "rigplan/size_request.hpp"
#include "sweep/compiled.hpp"

namespace rigplan::sweep {

namespace {

class CompiledSize : public CompiledSweep {
 public:
  CompiledSize(const SweepSpec& s, const Catalog& c, SizeFields base, std::vector<SizeKey> keys,
               std::vector<const ReportField<SizeReport>*> fields, int needs)
      : spec_(s), catalog_(c), base_(base), keys_(std::move(keys)), fields_(std::move(fields)),
        by_memory_(gpus_by_memory(c)), searches_(searches_for(needs)) {
    searches_.gpus_by_memory = &by_memory_;
  }

  bool metrics(const std::size_t* coords, const RowWriter& w, std::string& out) const override {
    SizeFields f = base_;
    SizeReport r;
    try {
      for (std::size_t i = 0; i < keys_.size(); ++i)
        f[keys_[i]] = read_size_value(keys_[i], spec_.axes[i].values[coords[i]], catalog_, spec_.base_file);
      SizeRequest q = resolve_size_fields(f, spec_.base_file);
      r = size_workload(q.workload, q.hardware, catalog_, {}, searches_);
    } catch (const InputError&) {
      return false;  // the general path writes the error row
    }
    for (std::size_t m = 0; m < fields_.size(); ++m) {
      const auto& field = *fields_[m];
      w.metric(out, m, field.present && !field.present(r) ? Scalar(nullptr) : field.get(r));
    }
    return true;
  }

 private:
  const SweepSpec& spec_;
  const Catalog& catalog_;
  SizeFields base_;
  std::vector<SizeKey> keys_;
  std::vector<const ReportField<SizeReport>*> fields_;
  std::vector<const Gpu*> by_memory_;
  SizeSearches searches_;
};

}  // namespace

std::unique_ptr<CompiledSweep> compile_size(const SweepSpec& s, const Catalog& c) {
  if (s.command != "size") return nullptr;
  std::vector<SizeKey> keys;
  for (const auto& a : s.axes) {
    auto k = size_key(a.path);
    if (!k) return nullptr;
    keys.push_back(*k);
  }
  std::vector<const ReportField<SizeReport>*> fields;
  int needs = 0;
  for (const auto& m : s.metrics) {
    const auto* f = find_field(size_fields(), path_to_pointer(m));
    if (!f) return nullptr;
    fields.push_back(f);
    needs |= f->needs;
  }
  try {
    SizeFields base = read_size_fields(s.base, c, s.base_file);
    return std::make_unique<CompiledSize>(s, c, base, std::move(keys), std::move(fields), needs);
  } catch (const InputError&) {
    return nullptr;
  }
}

}  // namespace rigplan::sweep
