// A shared scalar set by one thread and read by all as a column offset
// (`__shared__ int base; if (tid == 0) base = 16;`): memory, not a constant.
// launch: rt3_137_shared_scalar_offset 2 32x8
static __global__ void rt3_137_shared_scalar_offset(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    __shared__ int base;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    if (tid == 0) base = 16;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[ty][tx + base] + 2 * tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_137_shared_scalar_offset<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
