include_guard(GLOBAL)

# A misspelt keyword of a public function, named for what it almost certainly meant. cmake_parse_arguments
# takes `NAMSPACE x` after a list keyword as two more values of that list, and after any other
# keyword as arguments it does not know: either way the user meant a keyword, and the error should
# say which (policytune_detail_check_keywords, arguments.cmake).
#
# The words examined are all capitals, and one of them could be spelt like a keyword of these
# functions (WORD, KEYWORDS): they travel in lower case, which no keyword is, and are compared so.

# policytune_detail_edit_distance(FROM <word> TO <word> DISTANCE_VAR <out>): the Levenshtein distance
# of two words (one letter inserted, deleted or replaced per step).
function(policytune_detail_edit_distance)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "FROM;TO;DISTANCE_VAR" "")
  set(a "${arg_FROM}")
  set(b "${arg_TO}")
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
  set(${arg_DISTANCE_VAR} ${distance} PARENT_SCOPE)
endfunction()

# policytune_detail_nearest_keyword(WORD <lower-case word> KEYWORDS <keyword>... KEYWORD_VAR <out>):
# the keyword the word is a misspelling of (at most two letters off, and all but two of its letters
# kept: WEHN is WHEN, TO is nothing), or empty where none is that near.
function(policytune_detail_nearest_keyword)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "WORD;KEYWORD_VAR" "KEYWORDS")
  set(nearest "")
  set(nearest_distance 3)
  string(LENGTH "${arg_WORD}" length)
  math(EXPR most "${length} - 2")
  foreach(keyword IN LISTS arg_KEYWORDS)
    string(TOLOWER "${keyword}" lower_keyword)
    policytune_detail_edit_distance(FROM "${arg_WORD}" TO "${lower_keyword}" DISTANCE_VAR distance)
    if(distance LESS nearest_distance AND distance LESS_EQUAL most)
      set(nearest "${keyword}")
      set(nearest_distance ${distance})
    endif()
  endforeach()
  set(${arg_KEYWORD_VAR} "${nearest}" PARENT_SCOPE)
endfunction()

# policytune_detail_misspelt_keyword(WORD <word> KEYWORDS <keyword>... MESSAGE_VAR <out>): "unknown
# keyword NAMSPACE: did you mean NAMESPACE?", naming the nearest keyword where there is one. <word>
# is one the user wrote in capitals (NAMSPACE, SEARCH_ARG: the spelling of keywords and of no file,
# type or option a call passes), given in lower case (see above).
function(policytune_detail_misspelt_keyword)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "WORD;MESSAGE_VAR" "KEYWORDS")
  string(TOUPPER "${arg_WORD}" word)
  policytune_detail_nearest_keyword(WORD "${arg_WORD}" KEYWORDS ${arg_KEYWORDS} KEYWORD_VAR nearest)
  if(nearest)
    set(message "unknown keyword ${word}: did you mean ${nearest}?")
  else()
    list(JOIN arg_KEYWORDS ", " keywords)
    set(message "unknown keyword ${word} (the keywords are ${keywords})")
  endif()
  set(${arg_MESSAGE_VAR} "${message}" PARENT_SCOPE)
endfunction()
