// The 48 KB of static shared memory a kernel may have, split between two
// device helpers' own __shared__ tiles (24 KB each, [48][128] floats): the
// kernel's budget is the sum over the functions it calls, and the helpers'
// transposed reads invite padding.
// launch: rt5_66_split_budget 2 32x8
// expect: rewritten
// (Kept while the prediction replayed the collector's IR, which took the
// helpers' ty to 33; the lane domain predicts on the proof's IR, and auto
// swizzles both tiles: padding would pass the 48 KB budget.)
__device__ float stage_a(const int *in, int tx, int ty) {
    __shared__ float a[48][128];
    for (int r = ty; r < 48; r += 8)
        for (int c = tx; c < 128; c += 32) a[r][c] = (float)(in[(r * 128 + c + blockIdx.x) & 4095] & 255);
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < 4; ++k) s = s * 2.0f + a[tx + 16 * (k & 1)][ty * 4 + k];
    return s;
}
__device__ float stage_b(const int *in, int tx, int ty) {
    __shared__ float b[48][128];
    for (int r = ty; r < 48; r += 8)
        for (int c = tx; c < 128; c += 32) b[r][c] = (float)(in[(r * 128 + c + 3 * blockIdx.x + 7) & 4095] & 255);
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < 4; ++k) s = s * 2.0f + b[tx + 16 * (k >> 1)][ty * 4 + k];
    return s;
}
static __global__ void rt5_66_split_budget(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float x = stage_a(in, tx, ty);
    const float y = stage_b(in, tx, ty);
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(x + 3.0f * y);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_66_split_budget<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
