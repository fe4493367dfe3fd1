// examples/demo.cu: placeholder until the demo is written; builds under nvcc and, as C++, under g++.
#include <cstdio>

int main() {
  std::puts("demo not written yet");
  return 0;
}
