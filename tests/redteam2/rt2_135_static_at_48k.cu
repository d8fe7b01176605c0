// 48 KB of static shared memory exactly (the static limit): a tile of
// 96x128 floats read by columns. Growing it fails the compile.
// launch: rt2_135_static_at_48k 1 32x8
// expect: rewritten
// static: its file's launches are every launch (the premise of a single file is rt2_118's), so
// the layout needs no test of blockDim, whose cost outweighs the small gain predicted here.
static __global__ void rt2_135_static_at_48k(const int *in, int *out, int p) {
    __shared__ float tile[96][128];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 96 * 128; i += 256)
        tile[i / 128][i % 128] = (float)(in[i & 4095] & 1023);
    __syncthreads();
    float acc = 0.0f;
    for (int r = 0; r < 96; r += 8)
        acc += tile[r + ty][tx * 4];
    out[tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_135_static_at_48k<<<1, dim3(32, 8)>>>(in, out, 0); }
#endif
