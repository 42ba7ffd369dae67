#pragma once

#include <string>
#include <string_view>

namespace policytune {

// Text for a comment of a generated header, whatever it comes from (paths, benchmark, device and
// variant names, failure reasons, toolkit strings): the one sanitiser every such string goes
// through, so that no input ends the comment or continues it onto code. The result is valid UTF-8
// on one line, safe inside `//` and inside `/* */`:
//  * control characters become visible C escapes (`\n`, `\r`, `\t`, `\x1b`, `\u0085`), and bytes
//    that are not UTF-8 become `\xNN`: a newline cannot start a line of code (`#error`);
//  * a backslash before a space or at the end, which could splice the next line into the comment,
//    becomes `\x5c`; others stay (`C:\dir\file`);
//  * `*/` and `/*` become `* /` and `/ *`: a block comment cannot be closed or nested;
//  * `??/` becomes `?? /`: no trigraph backslash for compilers that still read trigraphs.
std::string comment_text(std::string_view text);

// Text for one line of a message (an error naming a path): only the control characters and the
// bytes that are not UTF-8 escaped, as comment_text() escapes them.
std::string one_line_text(std::string_view text);

// A whole `//` comment line, `// <text>` (sanitised) and its line break.
std::string comment_line(std::string_view text);

}  // namespace policytune
