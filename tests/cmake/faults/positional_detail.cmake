# package.detail_keywords.finds_fault's input: a detail function as cmake/detail/ wrote them before
# they took keywords, and one that takes keywords but parses them after another command.
function(policytune_detail_is_cuda out benchmark)
  set(${out} FALSE PARENT_SCOPE)
endfunction()

function(policytune_detail_late)
  set(x 1)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "OUT" "")
endfunction()
