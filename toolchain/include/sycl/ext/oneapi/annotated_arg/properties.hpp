// DPC++'s older <sycl/ext/oneapi/annotated_arg/properties.hpp>: the annotation properties of its
// annotated_arg and annotated_ptr, alignment and the FPGA ones
// (../common_annotated_properties/common_properties.hpp).
#pragma once

#include "../common_annotated_properties/common_properties.hpp"
#include <sycl/sycl.hpp>
