// A file-local transpose beside an opt-in dynamic buffer that takes the rest
// of the 227 KB a block may have on sm_90 (cudaFuncSetAttribute): static
// tile 4 KB + dynamic 223 KB = 232448 bytes, the limit exactly. A padded
// tile would make the launch fail.
// launch: rt4_56_optin_limit 2 32x8 0 0 smem=228352
static __global__ void rt4_56_optin_limit(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    extern __shared__ float rest[];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < 32; r += 8) tile[r][tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
    rest[ty * 32 + tx] = (float)(tx + ty);
    __syncthreads();
    for (int r = ty; r < 32; r += 8)
        out[blockIdx.x * 1024 + r * 32 + tx] = __float_as_int(tile[tx][r] + rest[((ty + 1) & 7) * 32 + tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const int bytes = 232448 - 32 * 32 * 4;
    cudaFuncSetAttribute(rt4_56_optin_limit, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
    rt4_56_optin_limit<<<2, dim3(32, 8), bytes>>>(in, out, 0);
}
#endif
