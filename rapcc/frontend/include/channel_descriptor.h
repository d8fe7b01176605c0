/* rapcc stand-in for <channel_descriptor.h> (declarations only): cudaCreateChannelDesc
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_CHANNEL_DESCRIPTOR_H
#define RAPCC_CHANNEL_DESCRIPTOR_H
#include "rapcc_cuda_shim.h"
#endif
