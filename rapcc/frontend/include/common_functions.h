/* rapcc stand-in for <common_functions.h> (declarations only): printf, malloc, memcpy and clock
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_COMMON_FUNCTIONS_H
#define RAPCC_COMMON_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
