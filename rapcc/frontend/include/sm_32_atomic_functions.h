/* rapcc stand-in for <sm_32_atomic_functions.h> (declarations only): the atomic functions
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SM_32_ATOMIC_FUNCTIONS_H
#define RAPCC_SM_32_ATOMIC_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
