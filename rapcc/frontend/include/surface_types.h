/* rapcc stand-in for <surface_types.h> (declarations only): the surface types
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SURFACE_TYPES_H
#define RAPCC_SURFACE_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
