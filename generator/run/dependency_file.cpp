#include "run/dependency_file.hpp"

#include <cctype>
#include <set>

namespace policytune {
namespace {

// The rule text with its continuations joined: "a: b \\\n c" -> "a: b   c".
std::string joined_lines(const std::string& text) {
  std::string joined;
  joined.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
      i += text[i + 1] == '\r' && i + 2 < text.size() && text[i + 2] == '\n' ? 2 : 1;
      joined += ' ';
    } else {
      joined += text[i];
    }
  }
  return joined;
}

// The words of one line, split at unescaped blanks, escapes undone. A ':' that ends a word or is
// followed by a blank separates the targets (returned as the word ":").
std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  const auto flush = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    const char next = i + 1 < line.size() ? line[i + 1] : '\0';
    if (c == '\\' && (next == ' ' || next == '\t' || next == '#' || next == '\\')) {
      word += next;
      ++i;
    } else if (c == '$' && next == '$') {
      word += '$';
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else if (c == ':' && (next == '\0' || std::isspace(static_cast<unsigned char>(next)))) {
      flush();
      words.emplace_back(":");
    } else {
      word += c;
    }
  }
  flush();
  return words;
}

}  // namespace

std::vector<std::string> dependency_file_prerequisites(const std::string& text) {
  std::vector<std::string> prerequisites;
  std::set<std::string> seen;
  const std::string joined = joined_lines(text);
  std::size_t start = 0;
  while (start <= joined.size()) {
    const std::size_t end = joined.find('\n', start);
    const std::string line = joined.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? joined.size() + 1 : end + 1;
    const auto words = words_of(line);
    bool after_colon = false;
    for (const auto& word : words) {
      if (!after_colon) {
        after_colon = word == ":";
      } else if (word != ":" && seen.insert(word).second) {
        prerequisites.push_back(word);
      }
    }
  }
  return prerequisites;
}

}  // namespace policytune
