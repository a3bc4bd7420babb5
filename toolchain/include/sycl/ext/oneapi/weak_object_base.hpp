// DPC++'s <sycl/ext/oneapi/weak_object_base.hpp>: weak_object (ext/oneapi/weak_object.hpp).
#pragma once
#include "weak_object.hpp"
