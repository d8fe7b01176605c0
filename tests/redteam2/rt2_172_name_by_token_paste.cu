// The array's name made by token pasting, CAT(ti, le)[tx][j], and by an
// object-like macro, TILE_NAME[j][tx], with the subscripts written outside.
// launch: rt2_172_name_by_token_paste 2 32x8
#define CAT(a, b) a##b
#define TILE_NAME tile
__global__ void rt2_172_name_by_token_paste(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        TILE_NAME[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(CAT(ti, le)[tx][j] + tile[j][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_172_name_by_token_paste<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
