/* rapcc stand-in for <vector_functions.h> (declarations only): the make_* constructors of the vector types
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_VECTOR_FUNCTIONS_H
#define RAPCC_VECTOR_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
