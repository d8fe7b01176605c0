// An alignas(16) shared tile used only through scalar subscripts: rows in,
// columns out (32-way). The alignment asks for the array's start only.
// launch: rt5_21_alignas 2 32x8
// expect: rewritten
__global__ void rt5_21_alignas(const int *in, int *out, int p) {
    alignas(16) __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) tile[ty + 8 * k][tx] = (float)(in[(blockIdx.x * 1024 + (ty + 8 * k) * 32 + tx) & 4095] & 255);
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 2.0f + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_21_alignas<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
