/* rapcc stand-in for the CUDA samples' <helper_math.h> (declarations only):
 * the vector-type operators and functions (dot, length, normalize, cross,
 * clamp, lerp, ...). */
#ifndef RAPCC_HELPER_MATH_H
#define RAPCC_HELPER_MATH_H
#include "rapcc_cuda_shim.h"
#define RAPCC_HD __host__ __device__
/* Constructors between vector types. */
RAPCC_HD float2 make_float2(float s);
RAPCC_HD float2 make_float2(float3 a);
RAPCC_HD float2 make_float2(int2 a);
RAPCC_HD float2 make_float2(uint2 a);
RAPCC_HD int2 make_int2(int s);
RAPCC_HD int2 make_int2(int3 a);
RAPCC_HD int2 make_int2(uint2 a);
RAPCC_HD int2 make_int2(float2 a);
RAPCC_HD uint2 make_uint2(uint s);
RAPCC_HD uint2 make_uint2(uint3 a);
RAPCC_HD uint2 make_uint2(int2 a);
RAPCC_HD float3 make_float3(float s);
RAPCC_HD float3 make_float3(float2 a);
RAPCC_HD float3 make_float3(float2 a, float s);
RAPCC_HD float3 make_float3(float4 a);
RAPCC_HD float3 make_float3(int3 a);
RAPCC_HD float3 make_float3(uint3 a);
RAPCC_HD int3 make_int3(int s);
RAPCC_HD int3 make_int3(int2 a);
RAPCC_HD int3 make_int3(int2 a, int s);
RAPCC_HD int3 make_int3(uint3 a);
RAPCC_HD int3 make_int3(float3 a);
RAPCC_HD uint3 make_uint3(uint s);
RAPCC_HD uint3 make_uint3(uint2 a);
RAPCC_HD uint3 make_uint3(uint2 a, uint s);
RAPCC_HD uint3 make_uint3(uint4 a);
RAPCC_HD uint3 make_uint3(int3 a);
RAPCC_HD float4 make_float4(float s);
RAPCC_HD float4 make_float4(float3 a);
RAPCC_HD float4 make_float4(float3 a, float w);
RAPCC_HD float4 make_float4(int4 a);
RAPCC_HD float4 make_float4(uint4 a);
RAPCC_HD int4 make_int4(int s);
RAPCC_HD int4 make_int4(int3 a);
RAPCC_HD int4 make_int4(int3 a, int w);
RAPCC_HD int4 make_int4(uint4 a);
RAPCC_HD int4 make_int4(float4 a);
RAPCC_HD uint4 make_uint4(uint s);
RAPCC_HD uint4 make_uint4(uint3 a);
RAPCC_HD uint4 make_uint4(uint3 a, uint w);
RAPCC_HD uint4 make_uint4(int4 a);
/* Arithmetic: vector-vector, vector-scalar and scalar-vector forms. */
#define RAPCC_VOP(V, S, op) \
  RAPCC_HD V operator op(V a, V b); RAPCC_HD V operator op(V a, S b); RAPCC_HD V operator op(S b, V a); \
  RAPCC_HD void operator op##=(V &a, V b); RAPCC_HD void operator op##=(V &a, S b);
#define RAPCC_VOPS(V, S) RAPCC_VOP(V, S, +) RAPCC_VOP(V, S, -) RAPCC_VOP(V, S, *) RAPCC_VOP(V, S, /) \
  RAPCC_HD V operator-(V a); \
  RAPCC_HD V fminf(V a, V b); RAPCC_HD V fmaxf(V a, V b); RAPCC_HD V min(V a, V b); RAPCC_HD V max(V a, V b); \
  RAPCC_HD V clamp(V v, S a, S b); RAPCC_HD V clamp(V v, V a, V b); RAPCC_HD S dot(V a, V b);
RAPCC_VOPS(float2, float) RAPCC_VOPS(float3, float) RAPCC_VOPS(float4, float)
RAPCC_VOPS(int2, int) RAPCC_VOPS(int3, int) RAPCC_VOPS(int4, int)
RAPCC_VOPS(uint2, uint) RAPCC_VOPS(uint3, uint) RAPCC_VOPS(uint4, uint)
#undef RAPCC_VOPS
#undef RAPCC_VOP
RAPCC_HD float lerp(float a, float b, float t);
RAPCC_HD float2 lerp(float2 a, float2 b, float t);
RAPCC_HD float3 lerp(float3 a, float3 b, float t);
RAPCC_HD float4 lerp(float4 a, float4 b, float t);
RAPCC_HD float clamp(float f, float a, float b);
RAPCC_HD int clamp(int f, int a, int b);
RAPCC_HD uint clamp(uint f, uint a, uint b);
RAPCC_HD float length(float2 v);
RAPCC_HD float length(float3 v);
RAPCC_HD float length(float4 v);
RAPCC_HD float2 normalize(float2 v);
RAPCC_HD float3 normalize(float3 v);
RAPCC_HD float4 normalize(float4 v);
RAPCC_HD float2 floorf(float2 v);
RAPCC_HD float3 floorf(float3 v);
RAPCC_HD float4 floorf(float4 v);
RAPCC_HD float fracf(float v);
RAPCC_HD float2 fracf(float2 v);
RAPCC_HD float3 fracf(float3 v);
RAPCC_HD float4 fracf(float4 v);
RAPCC_HD float2 fmodf(float2 a, float2 b);
RAPCC_HD float3 fmodf(float3 a, float3 b);
RAPCC_HD float4 fmodf(float4 a, float4 b);
RAPCC_HD float2 fabs(float2 v);
RAPCC_HD float3 fabs(float3 v);
RAPCC_HD float4 fabs(float4 v);
RAPCC_HD int2 abs(int2 v);
RAPCC_HD int3 abs(int3 v);
RAPCC_HD int4 abs(int4 v);
RAPCC_HD float3 reflect(float3 i, float3 n);
RAPCC_HD float3 cross(float3 a, float3 b);
RAPCC_HD float smoothstep(float a, float b, float x);
RAPCC_HD float2 smoothstep(float2 a, float2 b, float2 x);
RAPCC_HD float3 smoothstep(float3 a, float3 b, float3 x);
RAPCC_HD float4 smoothstep(float4 a, float4 b, float4 x);
#undef RAPCC_HD
#endif
