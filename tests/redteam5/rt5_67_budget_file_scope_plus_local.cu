// A file-scope __shared__ tile (24 KB) and a kernel-local one (24 KB): the
// kernel's static shared memory is exactly 48 KB, with no room for a pad
// (--strategy pad must keep both; auto swizzles them in place). The kernel
// is static, so its one launch is all of them and pad is on the table.
// launch: rt5_67_scope_budget 2 32x8
// expect: rewritten
__shared__ float g_tile[48][128];
static __global__ void rt5_67_scope_budget(const int *in, int *out, int p) {
    __shared__ float l_tile[48][128];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < 48; r += 8)
        for (int c = tx; c < 128; c += 32) {
            g_tile[r][c] = (float)(in[(r * 128 + c + blockIdx.x) & 4095] & 255);
            l_tile[r][c] = (float)(in[(r * 128 + c + 5) & 4095] & 127);
        }
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < 4; ++k) s = s * 2.0f + g_tile[tx + 16 * (k & 1)][ty * 4 + k] + l_tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(s);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_67_scope_budget<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
