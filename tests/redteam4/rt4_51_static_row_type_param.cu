// A file-local kernel that hands its tile to a device helper as a pointer
// to rows, float (*t)[32], and the helper transposes through it: a padded
// tile's type no longer converts, and the helper indexes with the old pitch.
// launch: rt4_51_row_type_param 2 32x8
__device__ float column_sum(float (*t)[32], int c, int r0) {
    float s = 0.0f;
    for (int r = r0; r < 32; r += 8) s += t[r][c];
    return s;
}
static __global__ void rt4_51_row_type_param(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < 32; r += 8) tile[r][tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(column_sum(tile, tx, ty) + tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_51_row_type_param<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
