// rt04 as a Windows editor saves it: a UTF-8 byte order mark, CRLF line
// ends and tabs. The rewrite must keep every byte it does not change.
// launch: rt126_transpose 2 32x8
// expect: rewritten
#define TDIM 32
#define BROWS 8
#define IDX(r, c) ((r) * TDIM + (c))
__global__ void rt126_transpose(const int *in, int *out, int p) {
	__shared__ float tile[TDIM * TDIM];
	const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
	for (int j = 0; j < TDIM; j += BROWS) tile[IDX(ty + j, tx)] = (float)in[blockIdx.x * 1024 + (ty + j) * TDIM + tx];
	__syncthreads();
#pragma unroll
	for (int j = 0; j < TDIM; j += BROWS) out[blockIdx.x * 1024 + (ty + j) * TDIM + tx] = (int)tile[IDX(tx, ty + j)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt126_transpose<<<2, dim3(TDIM, BROWS)>>>(in, out, 0); }
#endif
