// The CUDA samples' matrixMul style: a BLOCK_SIZE template, As/Bs with the
// AS(i, j) / BS(i, j) accessor macros, #pragma unroll over k; legal, but
// rapcc keeps both: their names are spelled inside the macros' bodies.
// launch: rt127_mm<16> 2 16x16
#define AS(i, j) As[i][j]
#define BS(i, j) Bs[i][j]
template <int BLOCK_SIZE>
__global__ void rt127_mm(const int *in, int *out, int p) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float Csub = 0.f;
    for (int a = 0; a < 3; ++a) {
        AS(ty, tx) = (float)(in[(blockIdx.x * 768 + a * 256 + ty * BLOCK_SIZE + tx) & 4095] & 7);
        BS(ty, tx) = (float)((in[(blockIdx.x * 768 + a * 256 + tx * BLOCK_SIZE + ty) & 4095] >> 3) & 7);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k) Csub += AS(ty, k) * BS(k, tx) + AS(tx, k);
        __syncthreads();
    }
    out[blockIdx.x * 256 + ty * BLOCK_SIZE + tx] = __float_as_int(Csub);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 threads(16, 16);
    rt127_mm<16><<<2, threads>>>(in, out, 0);
}
#endif
