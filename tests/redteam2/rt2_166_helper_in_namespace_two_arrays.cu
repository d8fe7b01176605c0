// A helper in a namespace, called by its qualified name with two different
// tiles (two kernels, both transposes in range).
// launch: rt2_166_a 2 32x8
// launch: rt2_166_b 2 32x8 0 1024
namespace tiles {
__device__ float pick(const float t[][32], int r, int c) { return t[r][c]; }
}
__global__ void rt2_166_a(const int *in, int *out, int p) {
    __shared__ float ta[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) ta[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(tiles::pick(ta, tx, ty));
}
__global__ void rt2_166_b(const int *in, int *out, int p) {
    __shared__ float tb[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tb[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 2047);
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(tiles::pick(tb, tx, (ty + 8) & 31) + tb[ty][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_166_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_166_b<<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
