include_guard(GLOBAL)

# A misspelt keyword of a public function, named for what it almost certainly meant. cmake_parse_arguments
# takes `NAMSPACE x` after a list keyword as two more values of that list, and after any other
# keyword as arguments it does not know: either way the user meant a keyword, and the error should
# say which (policytune_detail_check_keywords, arguments.cmake).

# policytune_detail_edit_distance(<out> <a> <b>): the Levenshtein distance of two words (one
# letter inserted, deleted or replaced per step).
function(policytune_detail_edit_distance out a b)
  string(LENGTH "${a}" a_length)
  string(LENGTH "${b}" b_length)
  set(previous "")
  foreach(j RANGE ${b_length})
    list(APPEND previous ${j})
  endforeach()
  foreach(i RANGE 1 ${a_length})
    if(a_length EQUAL 0)
      break()
    endif()
    math(EXPR a_index "${i} - 1")
    string(SUBSTRING "${a}" ${a_index} 1 a_letter)
    set(current ${i})
    foreach(j RANGE 1 ${b_length})
      if(b_length EQUAL 0)
        break()
      endif()
      math(EXPR b_index "${j} - 1")
      string(SUBSTRING "${b}" ${b_index} 1 b_letter)
      list(GET previous ${b_index} diagonal)
      list(GET previous ${j} above)
      list(GET current ${b_index} left)
      set(cost 1)
      if(a_letter STREQUAL b_letter)
        set(cost 0)
      endif()
      math(EXPR best "${diagonal} + ${cost}")
      foreach(step IN ITEMS "${above} + 1" "${left} + 1")
        math(EXPR candidate "${step}")
        if(candidate LESS best)
          set(best ${candidate})
        endif()
      endforeach()
      list(APPEND current ${best})
    endforeach()
    set(previous ${current})
  endforeach()
  list(GET previous ${b_length} distance)
  set(${out} ${distance} PARENT_SCOPE)
endfunction()

# policytune_detail_nearest_keyword(<out> <word> <keyword>...): the keyword <word> is a misspelling
# of (at most two letters off, and all but two of its letters kept: WEHN is WHEN, TO is nothing),
# or empty where none is that near.
function(policytune_detail_nearest_keyword out word)
  set(nearest "")
  set(nearest_distance 3)
  string(LENGTH "${word}" length)
  math(EXPR most "${length} - 2")
  foreach(keyword IN LISTS ARGN)
    policytune_detail_edit_distance(distance "${word}" "${keyword}")
    if(distance LESS nearest_distance AND distance LESS_EQUAL most)
      set(nearest "${keyword}")
      set(nearest_distance ${distance})
    endif()
  endforeach()
  set(${out} "${nearest}" PARENT_SCOPE)
endfunction()

# policytune_detail_looks_like_keyword(<out> <word>): TRUE for an all-capitals word (NAMSPACE,
# SEARCH_ARG), the spelling of keywords and of no file, type or option a call passes.
function(policytune_detail_looks_like_keyword out word)
  set(looks FALSE)
  if(word MATCHES "^[A-Z][A-Z_]+$")
    set(looks TRUE)
  endif()
  set(${out} ${looks} PARENT_SCOPE)
endfunction()

# policytune_detail_misspelt_keyword(<out> <word> <keyword>...): "unknown keyword NAMSPACE: did you
# mean NAMESPACE?" where <word> is all capitals, names the nearest keyword where there is one, and
# is empty where <word> does not look like a keyword at all.
function(policytune_detail_misspelt_keyword out word)
  policytune_detail_looks_like_keyword(looks "${word}")
  set(message "")
  if(looks)
    policytune_detail_nearest_keyword(nearest "${word}" ${ARGN})
    if(nearest)
      set(message "unknown keyword ${word}: did you mean ${nearest}?")
    else()
      list(JOIN ARGN ", " keywords)
      set(message "unknown keyword ${word} (the keywords are ${keywords})")
    endif()
  endif()
  set(${out} "${message}" PARENT_SCOPE)
endfunction()
