// DPC++'s older <sycl/ext/oneapi/annotated_arg/annotated_arg.hpp>: annotated_arg and the
// annotation properties of that DPC++, the FPGA ones included
// (../common_annotated_properties/common_properties.hpp).
#pragma once

#include "../common_annotated_properties/common_properties.hpp"
#include <sycl/sycl.hpp>
