#include "render/expansion_limit.hpp"

#include <sstream>

#include "core/user_error.hpp"
#include "render/mustache_tags.hpp"

namespace policytune {
namespace {

struct ExpansionStopped {};

// The library's lookup context, charging each step. The library calls it for every tag it renders
// and every item of a section it iterates, lambdas' renderings included; between two calls it
// outputs at most the longest text between two tags.
class ChargedContext : public kainjow::mustache::basic_context<std::string> {
public:
  ChargedContext(const kainjow::mustache::data& data, std::size_t step_cost) : inner_(&data), step_cost_(step_cost) {}

  void push(const kainjow::mustache::data* data) override {
    charge(step_cost_);
    inner_.push(data);
  }
  // Never throws: the library pops from a destructor.
  void pop() override { inner_.pop(); }
  const kainjow::mustache::data* get(const std::string& name) const override { return charged(inner_.get(name)); }
  const kainjow::mustache::data* get_partial(const std::string& name) const override {
    return charged(inner_.get_partial(name));
  }

private:
  const kainjow::mustache::data* charged(const kainjow::mustache::data* found) const {
    charge(step_cost_ + (found != nullptr && found->is_string() ? found->string_value().size() : 0));
    return found;
  }
  void charge(std::size_t bytes) const {
    charged_ += bytes;
    if (charged_ > kMaxRenderedBytes) throw ExpansionStopped{};
  }

  kainjow::mustache::context<std::string> inner_;
  std::size_t step_cost_;
  mutable std::size_t charged_ = 0;
};

}  // namespace

std::string render_within_limit(kainjow::mustache::mustache& view, const std::string& text,
                                const kainjow::mustache::data& data, const std::string& path) {
  ChargedContext context(data, scan_mustache(text, 1).longest_text + 1);
  std::ostringstream out;
  try {
    view.render(context, out);
  } catch (const ExpansionStopped&) {
    throw UserError(path, 0,
                    "the template expands past " + std::to_string(kMaxRenderedBytes >> 20) +
                        " MiB: its sections over lists nest or repeat without bound");
  }
  if (!view.is_valid()) throw UserError(path, 0, "the template does not render: " + view.error_message());
  return out.str();
}

}  // namespace policytune
