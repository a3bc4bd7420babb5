// <sycl/properties/all_properties.hpp>: every property of the runtime classes (properties.hpp).
#pragma once

#include "../properties.hpp"
