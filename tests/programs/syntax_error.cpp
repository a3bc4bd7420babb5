// Does not compile: clang's diagnostic must reach the user.
#include <sycl/sycl.hpp>
int main() { this is not C++; }
