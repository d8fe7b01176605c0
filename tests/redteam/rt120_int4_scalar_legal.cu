// rt119 without aliases: an int4 from global stored as four scalars into
// tile[ty][4 * tx + k] and read transposed: legal.
// launch: rt120_k 2 8x32
// expect: rewritten
__global__ void rt120_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 8 + tx;
    const int4 v = reinterpret_cast<const int4 *>(in)[blockIdx.x * 256 + tid];
    tile[ty][tx * 4 + 0] = v.x;
    tile[ty][tx * 4 + 1] = v.y;
    tile[ty][tx * 4 + 2] = v.z;
    tile[ty][tx * 4 + 3] = v.w;
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc += tile[tx * 4 + k][ty] * (k + 1);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt120_k<<<2, dim3(8, 32)>>>(in, out, 0); }
#endif
