#pragma once

#include <string>
#include <string_view>

namespace policytune {

// `text` as XML (and HTML) character data or an attribute value: `& < > " '` escaped, and the
// control characters XML 1.0 forbids (all below 0x20 but tab, newline and carriage return) dropped,
// so that a compiler's error line or a hostile device name cannot break the document.
std::string escape_xml(std::string_view text);

}  // namespace policytune
