/* rapcc stand-in for <sm_13_double_functions.h> (declarations only): the double-precision intrinsics
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SM_13_DOUBLE_FUNCTIONS_H
#define RAPCC_SM_13_DOUBLE_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
