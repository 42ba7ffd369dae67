#pragma once

namespace policytune {

// Makes sure file descriptors 0, 1 and 2 are open before anything else opens a file. A process
// started with standard output closed (`policytune ... >&-`) would otherwise get descriptor 1 for
// the next file it opens, the results database for one, and write its output into it. A closed
// standard input or error becomes /dev/null; a closed standard output becomes /dev/null opened for
// reading only, so that writing to it fails and the command reports it (exit 74) instead of
// losing its output without a word.
void occupy_closed_standard_descriptors();

}  // namespace policytune
