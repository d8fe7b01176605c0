/* rapcc stand-in for <surface_functions.h> (declarations only): the surface reads and writes
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SURFACE_FUNCTIONS_H
#define RAPCC_SURFACE_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
