// The standard headers that DPC++'s <sycl/sycl.hpp> makes available, which SYCL programs rely on
// without including them (assert, std::cout, CHAR_BIT, std::bitset, ...). They come first, before
// anything of namespace sycl exists: a program's `using namespace sycl;` then cannot change how
// their templates look up names (sycl::flush and sycl::endl would hide std::flush from
// std::endl).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>
