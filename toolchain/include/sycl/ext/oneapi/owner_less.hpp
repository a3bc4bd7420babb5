// DPC++'s <sycl/ext/oneapi/owner_less.hpp>: owner_less (ext/oneapi/weak_object.hpp).
#pragma once
#include "weak_object.hpp"
