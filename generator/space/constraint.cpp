#include "space/constraint.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

#include "core/user_error.hpp"

namespace policytune {

// A parsed expression. Leaves are literals, parameters (by index into the variant) or device
// limits (by name); inner nodes apply an operator to one or two operands.
struct Constraint::Node {
  enum class Kind { literal, parameter, limit, unary, binary };
  Kind kind = Kind::literal;
  std::int64_t value = 0;     // literal
  std::size_t parameter = 0;  // parameter
  std::string name;           // limit; the operator of unary and binary nodes
  std::unique_ptr<Node> left;
  std::unique_ptr<Node> right;
  std::size_t depth = 1;  // of the subtree: evaluation and destruction recurse this deep
};

namespace {

using Node = Constraint::Node;

// An evaluation that cannot give a number: the constraint then excludes the variant, or (for an
// unknown limit) does not apply.
enum class Undefined { arithmetic, unknown_limit };

struct Value {
  std::int64_t number = 0;
  std::optional<Undefined> undefined;
};

// Evaluating and destroying a tree recurse once per level: a line of ten thousand '(' or '!' or
// '+' must be an error, not a stack overflow. Real constraints nest a handful of levels.
constexpr std::size_t kMaxExpressionDepth = 64;

class Parser {
public:
  Parser(const std::string& text, const SearchSpace& space, const std::string& file, std::size_t line)
      : text_(text), space_(space), file_(file), line_(line) {}

  std::unique_ptr<Node> parse() {
    auto root = binary(0);
    skip_space();
    if (position_ != text_.size()) fail("unexpected '" + text_.substr(position_, 1) + "'");
    return root;
  }

private:
  // Binary operators by precedence, loosest first (C's order).
  static const std::vector<std::vector<std::string>>& levels() {
    static const std::vector<std::vector<std::string>> operators{
        {"||"}, {"&&"}, {"==", "!="}, {"<=", ">=", "<", ">"}, {"+", "-"}, {"*", "/", "%"}};
    return operators;
  }

  // The parser itself recurses per '(' and unary operator before any node exists to measure.
  struct Nesting {
    Parser& parser;
    explicit Nesting(Parser& p) : parser(p) { parser.check_depth(++parser.nesting_); }
    ~Nesting() { --parser.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
  };

  void check_depth(std::size_t depth) const {
    if (depth > kMaxExpressionDepth)
      fail("the expression nests deeper than " + std::to_string(kMaxExpressionDepth) + " levels");
  }

  std::unique_ptr<Node> binary(std::size_t level) {
    if (level == levels().size()) return unary();
    auto left = binary(level + 1);
    while (true) {
      skip_space();
      std::string matched;
      for (const auto& op : levels()[level]) {
        // "<" must not take the first character of "<=", nor "&" stand for "&&".
        if (text_.compare(position_, op.size(), op) == 0 && matched.size() < op.size()) matched = op;
      }
      if (matched.empty()) return left;
      position_ += matched.size();
      auto node = std::make_unique<Node>();
      node->kind = Node::Kind::binary;
      node->name = matched;
      node->left = std::move(left);
      node->right = binary(level + 1);
      node->depth = 1 + std::max(node->left->depth, node->right->depth);
      check_depth(node->depth);
      left = std::move(node);
    }
  }

  std::unique_ptr<Node> unary() {
    skip_space();
    if (position_ < text_.size() && (text_[position_] == '!' || text_[position_] == '-') &&
        text_.compare(position_, 2, "!=") != 0) {
      auto node = std::make_unique<Node>();
      node->kind = Node::Kind::unary;
      node->name = std::string(1, text_[position_++]);
      const Nesting nested(*this);
      node->left = unary();
      node->depth = 1 + node->left->depth;
      return node;
    }
    return primary();
  }

  std::unique_ptr<Node> primary() {
    skip_space();
    if (position_ == text_.size()) fail("the expression ends too early");
    const char c = text_[position_];
    if (c == '(') {
      ++position_;
      const Nesting nested(*this);
      auto inner = binary(0);
      skip_space();
      if (position_ == text_.size() || text_[position_] != ')') fail("a '(' is not closed");
      ++position_;
      return inner;
    }
    auto node = std::make_unique<Node>();
    if (std::isdigit(static_cast<unsigned char>(c))) {
      const std::size_t start = position_;
      while (position_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[position_]))) ++position_;
      const std::string digits = text_.substr(start, position_ - start);
      try {
        std::size_t used = 0;
        node->value = std::stoll(digits, &used);
      } catch (const std::exception&) {
        fail("the number " + digits + " does not fit in 64 bits");
      }
      return node;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const std::size_t start = position_;
      while (position_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[position_])) || text_[position_] == '_')) {
        ++position_;
      }
      const std::string name = text_.substr(start, position_ - start);
      const auto& parameters = space_.parameters();
      for (std::size_t i = 0; i < parameters.size(); ++i) {
        if (parameters[i].label == name || parameters[i].macro == name) {
          node->kind = Node::Kind::parameter;
          node->parameter = i;
          return node;
        }
      }
      const auto& limits = device_limit_names();
      if (std::find(limits.begin(), limits.end(), name) != limits.end()) {
        node->kind = Node::Kind::limit;
        node->name = name;
        return node;
      }
      fail("'" + name + "' is neither a %RANGE% parameter nor a device limit (" + limit_list() + ")");
    }
    fail("unexpected '" + std::string(1, c) + "'");
  }

  static std::string limit_list() {
    std::string list;
    for (const auto& name : device_limit_names()) list += (list.empty() ? "" : ", ") + name;
    return list;
  }

  void skip_space() {
    while (position_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[position_]))) ++position_;
  }

  [[noreturn]] void fail(const std::string& what) const {
    // The message stays one readable line however long the expression is.
    const std::string shown = text_.size() <= 100 ? text_ : text_.substr(0, 60) + "...";
    throw UserError(file_, line_, "%CONSTRAINT% '" + shown + "': " + what);
  }

  const std::string& text_;
  const SearchSpace& space_;
  const std::string& file_;
  std::size_t line_;
  std::size_t position_ = 0;
  std::size_t nesting_ = 0;  // open parentheses and unary operators being parsed
};

Value evaluate(const Node& node, const Variant& variant, const std::map<std::string, std::int64_t>& limits) {
  switch (node.kind) {
    case Node::Kind::literal:
      return {node.value, {}};
    case Node::Kind::parameter:
      return {variant.at(node.parameter), {}};
    case Node::Kind::limit: {
      const auto found = limits.find(node.name);
      if (found == limits.end()) return {0, Undefined::unknown_limit};
      return {found->second, {}};
    }
    case Node::Kind::unary: {
      const Value operand = evaluate(*node.left, variant, limits);
      if (operand.undefined) return operand;
      if (node.name == "!") return {operand.number == 0 ? 1 : 0, {}};
      if (operand.number == std::numeric_limits<std::int64_t>::min()) return {0, Undefined::arithmetic};
      return {-operand.number, {}};
    }
    case Node::Kind::binary:
      break;
  }
  const std::string& op = node.name;
  const Value left = evaluate(*node.left, variant, limits);
  // && and || short-circuit as in C, so `b != 0 && a % b == 0` is safe.
  if (op == "&&" && !left.undefined && left.number == 0) return {0, {}};
  if (op == "||" && !left.undefined && left.number != 0) return {1, {}};
  const Value right = evaluate(*node.right, variant, limits);
  // Kleene's logic: a known false decides &&, a known true decides ||, whatever the other side.
  if (op == "&&" && !right.undefined && right.number == 0) return {0, {}};
  if (op == "||" && !right.undefined && right.number != 0) return {1, {}};
  if (left.undefined) return left;
  if (right.undefined) return right;
  if (op == "&&" || op == "||") return {op == "&&" ? 1 : 0, {}};
  const std::int64_t a = left.number;
  const std::int64_t b = right.number;
  std::int64_t result = 0;
  if (op == "==") return {a == b ? 1 : 0, {}};
  if (op == "!=") return {a != b ? 1 : 0, {}};
  if (op == "<") return {a < b ? 1 : 0, {}};
  if (op == "<=") return {a <= b ? 1 : 0, {}};
  if (op == ">") return {a > b ? 1 : 0, {}};
  if (op == ">=") return {a >= b ? 1 : 0, {}};
  if (op == "+" && !__builtin_add_overflow(a, b, &result)) return {result, {}};
  if (op == "-" && !__builtin_sub_overflow(a, b, &result)) return {result, {}};
  if (op == "*" && !__builtin_mul_overflow(a, b, &result)) return {result, {}};
  const bool divisible = b != 0 && !(a == std::numeric_limits<std::int64_t>::min() && b == -1);
  if (op == "/" && divisible) return {a / b, {}};
  if (op == "%" && divisible) return {a % b, {}};
  return {0, Undefined::arithmetic};
}

}  // namespace

const std::vector<std::string>& device_limit_names() {
  static const std::vector<std::string> names{"max_threads_per_block", "shared_memory_per_block",
                                              "shared_memory_per_block_optin"};
  return names;
}

Constraint::Constraint(const std::string& expression, const SearchSpace& space, const std::string& file,
                       std::size_t line)
    : text_(expression), line_(line) {
  if (text_.find_first_not_of(" \t\r") == std::string::npos) {
    throw UserError(file, line, "%CONSTRAINT% needs an expression, such as: // %CONSTRAINT% tpb * ipt <= 8192");
  }
  root_ = Parser(text_, space, file, line).parse();
}

Constraint::~Constraint() = default;
Constraint::Constraint(Constraint&&) noexcept = default;
Constraint& Constraint::operator=(Constraint&&) noexcept = default;

bool Constraint::allows(const Variant& variant, const std::map<std::string, std::int64_t>& limits) const {
  const Value value = evaluate(*root_, variant, limits);
  if (value.undefined) return *value.undefined == Undefined::unknown_limit;
  return value.number != 0;
}

std::vector<Constraint> parse_constraints(const std::string& source, const std::string& file,
                                          const SearchSpace& space) {
  std::vector<Constraint> constraints;
  for_each_directive(source, "%CONSTRAINT%", [&](std::istringstream& fields, std::size_t line) {
    std::string expression;
    std::getline(fields, expression);
    while (!expression.empty() && std::isspace(static_cast<unsigned char>(expression.back()))) expression.pop_back();
    const auto start = expression.find_first_not_of(" \t");
    constraints.emplace_back(start == std::string::npos ? "" : expression.substr(start), space, file, line);
  });
  return constraints;
}

bool all_allow(const std::vector<Constraint>& constraints, const Variant& variant,
               const std::map<std::string, std::int64_t>& limits) {
  return std::all_of(constraints.begin(), constraints.end(),
                     [&](const Constraint& constraint) { return constraint.allows(variant, limits); });
}

}  // namespace policytune
