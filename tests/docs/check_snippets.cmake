# tests/docs/check_snippets.cmake: fails when a doc's code block differs from the test it is taken from.
# Usage: cmake -DDOC=README.md -DSOURCE=tests/host/bigint/readme_api_test.cpp -DNAME=readme -P check_snippets.cmake
file(READ "${SOURCE}" source)
file(READ "${DOC}" doc)
string(REGEX MATCH "// example-begin ${NAME}\n(.*)// example-end ${NAME}" _ "${source}")
set(snippet "${CMAKE_MATCH_1}")
if(snippet STREQUAL "")
  message(FATAL_ERROR "${SOURCE}: no '// example-begin ${NAME}' ... '// example-end ${NAME}' block")
endif()
string(FIND "${doc}" "${snippet}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${DOC} does not show the example '${NAME}' of ${SOURCE} verbatim; copy it from there")
endif()
message(STATUS "${DOC} shows example '${NAME}' of ${SOURCE}")
