// An ld.shared through inline asm with the element's shared address in an
// "r" operand (the host reads the same bytes through the generic pointer).
// launch: rt2_57_inline_asm_ld_shared 2 32x8
__global__ void rt2_57_inline_asm_ld_shared(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    __syncthreads();
    const int *base = &tile[0][0];
    const unsigned off = (unsigned)((tx * 32 + ty + 1) * sizeof(int));
    int v;
#ifdef __CUDACC__
    const unsigned addr = (unsigned)__cvta_generic_to_shared(base) + off;
    asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(addr));
#else
    memcpy(&v, (const char *)base + off, sizeof v);
#endif
    out[blockIdx.x * 256 + tid] = v + tile[ty][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_57_inline_asm_ld_shared<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
