/* rapcc stand-in for <math_functions.h> (declarations only): the math library
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_MATH_FUNCTIONS_H
#define RAPCC_MATH_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
