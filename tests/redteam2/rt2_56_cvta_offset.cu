// __cvta_generic_to_shared of an element, minus that of the tile's start:
// the element's byte offset in the declared layout, written out.
// launch: rt2_56_cvta_offset 2 32x8
#ifndef __CUDACC__
inline size_t __cvta_generic_to_shared(const void *p) { return (size_t)p; }
#endif
__global__ void rt2_56_cvta_offset(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const unsigned base = (unsigned)__cvta_generic_to_shared(&tile[0][0]);
    const unsigned addr = (unsigned)__cvta_generic_to_shared(&tile[tx][ty]);
    out[blockIdx.x * 256 + tid] = (int)(addr - base) + __float_as_int(tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_56_cvta_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
