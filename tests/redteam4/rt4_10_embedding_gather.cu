// Embedding gather: token ids pick rows of a table into a shared tile of 16
// rows of 64 (a cooperative loop over rows), then each thread reads one
// column element of a row picked by its lane (emb[tx & 15][...]: 16 rows at
// the same bank). A legal control.
// launch: rt4_10_embedding 2 64x4
// expect: rewritten
#define ROWS 16
#define DIM 64
__global__ void rt4_10_embedding(const int *in, int *out, int p) {
    __shared__ int tok[ROWS];
    __shared__ float emb[ROWS][DIM];
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (ty == 0 && tx < ROWS) tok[tx] = in[blockIdx.x * ROWS + tx] & 31;
    __syncthreads();
    for (int r = ty; r < ROWS; r += 4) emb[r][tx] = (float)(in[(tok[r] * DIM + tx + 1024) & 4095] & 511);
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int j = 0; j < DIM / 16; ++j) acc += emb[tx & 15][(tx >> 4) + 4 * ty + 16 * j];
    out[blockIdx.x * 256 + ty * DIM + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_10_embedding<<<2, dim3(DIM, 4)>>>(in, out, 0); }
#endif
